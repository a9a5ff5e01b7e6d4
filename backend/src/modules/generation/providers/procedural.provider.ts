import { renderProcedural } from '../procedural/procedural-renderer';
import type { ImageProvider } from './image-provider';

/** The built-in CPU renderer: always there, deterministic from prompt and seed, no model weights. */
export const proceduralProvider: ImageProvider = {
  async generate({ prompt, seed }) {
    const { png, seed: used } = renderProcedural({ prompt, seed });
    return { png, seed: used };
  },
  async checkHealth() {
    return {};
  },
};

export const PROCEDURAL = 'procedural';
