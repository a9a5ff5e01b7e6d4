// What the Forge and Dream headers call a worker's model. Workers name the checkpoint they load
// (A1111's sd_model_checkpoint "v1-5-pruned-emaonly.safetensors [6ce0161689]", ComfyUI's ckpt_name),
// which says little to a visitor; the well-known families get their usual names.

const KNOWN_MODELS: ReadonlyArray<readonly [RegExp, string]> = [
  [/sd_?xl_?turbo|sdxl-turbo/i, 'SDXL Turbo'],
  [/sd_?xl|sdxl|xl_base|stable[ _-]diffusion[ _-]xl/i, 'Stable Diffusion XL'],
  [/v1-5|sd_?1[._-]?5|stable[ _-]diffusion[ _-](v)?1[._-]5/i, 'Stable Diffusion 1.5'],
  [/v2-1|sd_?2[._-]?1/i, 'Stable Diffusion 2.1'],
  [/sd3[._-]?5|sd_?3[._-]5/i, 'Stable Diffusion 3.5'],
  [/flux1?[._-]?dev/i, 'FLUX.1 [dev]'],
  [/flux1?[._-]?schnell/i, 'FLUX.1 [schnell]'],
];

/** A visitor's name for the model a worker reported: the family's, or the checkpoint's file name without extension and hash. */
export function modelName(reported: string): string {
  const known = KNOWN_MODELS.find(([pattern]) => pattern.test(reported));
  if (known) return known[1];
  const file = reported.split(/[\\/]/).pop() ?? reported;
  return file.replace(/\s*\[[0-9a-f]+\]$/i, '').replace(/\.(safetensors|ckpt|pt|pth|bin|gguf)$/i, '').trim() || reported;
}
