// Generation (DESIGN.md section 6): the Dream-o-matic's four modes, as POST /api/start-dream takes them.

export const DREAM_MODES = ['daydream', 'nicedream', 'strangedream', 'nightmare'] as const;
export type DreamMode = (typeof DREAM_MODES)[number];
