import sharp from 'sharp';

/**
 * Process-wide sharp settings, applied once by each entry point. libvips keeps the results of recent
 * operations (up to 50 MB, 100 operations, 20 open files) for when the same one runs again; here none
 * does: every upload is new, every resized variant is rendered once and then served from the disk
 * cache, every seed picture is drawn once. Without that cache, resizing the sixty gallery pictures in
 * six variants left the process about 30 MB smaller, and drawing the seed pictures about 15 MB.
 * Threads per image stay at sharp's default, which on glibc Linux is already 1.
 */
export function configureSharp(): void {
  sharp.cache(false);
}
