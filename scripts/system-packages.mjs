// The two things `npm test` needs from the operating system: a Chromium for Playwright
// and, for the PostgreSQL pass, PostgreSQL's server binaries. Where they are missing
// and this is a Debian machine we may administer, they are installed with apt.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function canUseApt() {
  return process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

let aptUpdated = false;
function aptInstall(packages) {
  if (!canUseApt()) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  const result = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  return result.status === 0;
}

export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  console.log(`Chromium not found at ${chromiumPath}; installing Debian's chromium…`);
  if (!aptInstall(['chromium']) || !existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}. Install one (Debian: apt-get install chromium) or set CHROMIUM_PATH to your browser.`);
  }
  return chromiumPath;
}

export function postgresBinDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((entry) => existsSync(`${base}/${entry}/bin/initdb`));
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length ? `${base}/${versions.at(-1)}/bin` : null;
}

export function ensurePostgres() {
  if (postgresBinDir()) return postgresBinDir();
  console.log("PostgreSQL server not found; installing Debian's postgresql…");
  if (!aptInstall(['postgresql'])) {
    throw new Error('PostgreSQL server binaries are missing. Install them (Debian: apt-get install postgresql) or set PG_BIN.');
  }
  const dir = postgresBinDir();
  if (!dir) throw new Error('PostgreSQL was installed but initdb was not found; set PG_BIN.');
  return dir;
}

export function describeChromium() {
  try {
    return execFileSync(chromiumPath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return chromiumPath;
  }
}

const emojiFont = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';

/**
 * Phones draw the emoji the pages use (category icons); a bare Debian machine has no emoji font
 * and Chromium draws empty boxes in their place. Screenshots meant for people's eyes install
 * Debian's Noto colour emoji where they can, and go on without it where they cannot.
 */
export function ensureEmojiFont() {
  if (existsSync(emojiFont)) return true;
  return aptInstall(['fonts-noto-color-emoji']) && existsSync(emojiFont);
}
