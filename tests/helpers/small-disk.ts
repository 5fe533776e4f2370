/**
 * A small disk of its own for the full-disk tests: a 24 MiB tmpfs the test mounts (as root) and removes,
 * which it fills with a file of zeros and empties again. Where it cannot mount (not root, a container
 * without the right), `mountSmallDisk` says why: the test skips with that reason, and fails in CI.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  folder: string;
  /** Writes zeros into a file until the disk has no room left; the bytes written. */
  fill(): number;
  /** Removes the file fill() wrote. */
  free(): void;
  unmount(): void;
}

const FILLER = '.filler';

/** A mounted 24 MiB tmpfs, or the reason there is none. */
export function mountSmallDisk(size = '24m'): SmallDisk | string {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root (mount -t tmpfs); run as root or in CI';
  const folder = mkdtempSync(join(tmpdir(), 'shop-small-disk-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', folder], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    rmSync(folder, { recursive: true, force: true });
    return `cannot mount a tmpfs here: ${(mounted.stderr || mounted.error?.message || 'mount failed').trim()}`;
  }
  const filler = join(folder, FILLER);
  return {
    folder,
    fill() {
      const descriptor = openSync(filler, 'a');
      let written = 0;
      try {
        for (const size of [1024 * 1024, 64 * 1024, 4096, 512]) {
          const zeros = Buffer.alloc(size);
          for (;;) {
            try {
              written += writeSync(descriptor, zeros);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
              throw error;
            }
          }
        }
      } finally {
        closeSync(descriptor);
      }
      return written;
    },
    free: () => rmSync(filler, { force: true }),
    unmount() {
      spawnSync('umount', [folder]);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
