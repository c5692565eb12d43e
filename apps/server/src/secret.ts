import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * BETTER_AUTH_SECRET when set; otherwise (self-hosting without setup) a random
 * secret generated once and kept in DATA_DIR, so sessions survive restarts.
 */
export async function resolveAuthSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.resolve(dataDir, "auth-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  await writeFile(file, secret, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
