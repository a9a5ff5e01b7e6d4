import { modelName } from './model-names';

describe('modelName', () => {
  it.each([
    ['v1-5-pruned-emaonly.safetensors [6ce0161689]', 'Stable Diffusion 1.5'], // A1111's sd_model_checkpoint
    ['v1-5-pruned-emaonly-fp16.safetensors', 'Stable Diffusion 1.5'], // ComfyUI's ckpt_name
    ['sd_xl_base_1.0.safetensors', 'Stable Diffusion XL'],
    ['sd_xl_turbo_1.0_fp16.safetensors', 'SDXL Turbo'],
    ['Stable Diffusion XL 1.0', 'Stable Diffusion XL'], // RunPod's worker-sdxl, as the adapter names it
    ['Stable Diffusion 1.5', 'Stable Diffusion 1.5'],
    ['flux1-dev-fp8.safetensors', 'FLUX.1 [dev]'],
  ])('names %s after its family: %s', (reported, name) => {
    expect(modelName(reported)).toBe(name);
  });

  it('names another checkpoint by its file, without folder, extension or hash', () => {
    expect(modelName('anime/dreamshaper_8.safetensors [879db523c3]')).toBe('dreamshaper_8');
    expect(modelName('realisticVisionV60B1_v51VAE.ckpt')).toBe('realisticVisionV60B1_v51VAE');
    expect(modelName('My Model')).toBe('My Model');
  });
});
