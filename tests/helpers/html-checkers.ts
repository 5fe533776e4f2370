/**
 * Two HTML checkers nobody here wrote, run over a folder of saved pages: the Nu HTML Checker (vnu-jar,
 * the W3C's validator; Java) in one run over every file, one JVM start, and html-validate with the
 * project's configuration (.htmlvalidate.mjs). Each finding is one line: file, place, message.
 */
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { HtmlValidate } from 'html-validate';
import served, { inBrowser } from '../../.htmlvalidate.mjs';
import { inCI } from './postgres.ts';

const require = createRequire(import.meta.url);
const VNU_JAR = require.resolve('vnu-jar/build/dist/vnu.jar');

/** Why vnu cannot run here (no Java), or undefined when it can. In CI a missing Java is a failure, not a skip. */
export function vnuUnavailable(): string | undefined {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.status === 0) return undefined;
  const reason = 'vnu needs Java (Debian: apt-get install default-jre-headless; .ci/run installs it)';
  if (inCI()) throw new Error(`CI must run vnu, but ${reason}`);
  return reason;
}

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** vnu's errors in `files`, all checked by one run of the checker; a file it did not check is a finding too. */
export async function vnuErrors(files: readonly string[]): Promise<string[]> {
  // No language detection: it only ever warns (this page does not look like Hebrew), and warnings are not counted.
  const options = ['--errors-only', '--no-langdetect', '--verbose', '--format', 'json', '--exit-zero-always'];
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    execFile('java', ['-jar', VNU_JAR, ...options, ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, out, err) =>
      error ? reject(new Error(`vnu failed: ${err}`, { cause: error })) : resolve({ stdout: out, stderr: err }),
    );
  });
  // --verbose: the name of each file it checked, one a line.
  const checked = new Set(stdout.split('\n').map((line) => line.trim()));
  const unchecked = files.filter((file) => !checked.has(file)).map((file) => `${basename(file)}: not checked`);
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
  return [
    ...unchecked,
    ...messages
      // Errors (a fatal one included) and a file it could not read; warnings are `info`, left out by --errors-only.
      .filter((message) => message.type !== 'info')
      .map(
        (message) =>
          `${basename(decodeURIComponent(message.url ?? ''))}:${message.lastLine}:${message.firstColumn} ${message.message}` +
          (message.extract ? ` — ${message.extract.trim().slice(0, 120)}` : ''),
      ),
  ];
}

/**
 * html-validate's findings in `files` (its recommended rules, as .htmlvalidate.mjs changes them): pages as
 * served, and pages as the browser held them (`inBrowser(file)`), each with its configuration.
 */
export async function htmlValidateFindings(
  files: readonly string[],
  isInBrowser: (file: string) => boolean,
): Promise<string[]> {
  const validators = { served: new HtmlValidate(served), inBrowser: new HtmlValidate(inBrowser) };
  const findings: string[] = [];
  for (const file of files) {
    const validator = isInBrowser(file) ? validators.inBrowser : validators.served;
    const report = await validator.validateString(readFileSync(file, 'utf8'), file);
    for (const result of report.results)
      for (const message of result.messages)
        findings.push(`${basename(file)}:${message.line}:${message.column} [${message.ruleId}] ${message.message}`);
  }
  return findings;
}
