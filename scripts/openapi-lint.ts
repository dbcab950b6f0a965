import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { Document, type Ruleset, Spectral } from '@stoplight/spectral-core';
// CommonJS packages whose named exports Node cannot detect: their members hang off the default export.
import Parsers from '@stoplight/spectral-parsers';
import SpectralRuntime from '@stoplight/spectral-runtime';

/**
 * The public linters partners' tools run on an OpenAPI document, with the repository's configs:
 * Spectral's `spectral:oas` ruleset (.spectral.yaml) and Redocly's `recommended` rules (redocly.yaml).
 * Both load their built-in rulesets from node_modules: nothing is fetched.
 */
const root = new URL('../', import.meta.url);
const spectralRuleset = fileURLToPath(new URL('.spectral.yaml', root));
const redoclyConfig = fileURLToPath(new URL('redocly.yaml', root));

export interface LintFinding {
  linter: 'spectral' | 'redocly';
  severity: 'error' | 'warning';
  rule: string;
  message: string;
  /** JSON pointer of the offending node. */
  at: string;
}

type Linter = (text: string, source: string) => Promise<LintFinding[]>;

/**
 * Spectral's documented loader of a ruleset file. Its type declarations reference the DOM library, which
 * would leak DOM globals (`CryptoKey`) into the whole compilation, so the module is imported by a
 * specifier TypeScript does not resolve and typed here.
 */
type LoadRuleset = (
  path: string,
  io: { fs: typeof fs; fetch: typeof SpectralRuntime.fetch },
) => Promise<Ruleset>;
const rulesetLoader = '@stoplight/spectral-ruleset-bundler/with-loader';

async function spectralLinter(): Promise<Linter> {
  const { bundleAndLoadRuleset } = (await import(rulesetLoader)) as { bundleAndLoadRuleset: LoadRuleset };
  const spectral = new Spectral();
  spectral.setRuleset(await bundleAndLoadRuleset(spectralRuleset, { fs, fetch: SpectralRuntime.fetch }));
  return async (text, source) =>
    (await spectral.run(new Document(text, Parsers.Json, source))).flatMap((result) => {
      // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
      const severity = result.severity === 0 ? 'error' : result.severity === 1 ? 'warning' : undefined;
      if (!severity) return [];
      return [
        {
          linter: 'spectral' as const,
          severity,
          rule: String(result.code),
          message: result.message,
          at: `#/${result.path.join('/')}`,
        },
      ];
    });
}

async function redoclyLinter(): Promise<Linter> {
  const config = await loadConfig({ configPath: redoclyConfig });
  return async (text, source) =>
    (await lintFromString({ source: text, absoluteRef: source, config })).flatMap((problem) => {
      if (problem.severity !== 'error' && problem.severity !== 'warn') return [];
      return [
        {
          linter: 'redocly' as const,
          severity: problem.severity === 'warn' ? ('warning' as const) : ('error' as const),
          rule: problem.ruleId,
          message: problem.message,
          at: problem.location[0]?.pointer ?? '#/',
        },
      ];
    });
}

/** Loads both rulesets once; the linter answers every error and warning of a document's JSON text. */
export async function openApiLinter(): Promise<Linter> {
  const linters = await Promise.all([spectralLinter(), redoclyLinter()]);
  return async (text, source) => (await Promise.all(linters.map((lint) => lint(text, source)))).flat();
}

export function formatFindings(source: string, findings: readonly LintFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${source}: ${finding.linter} ${finding.severity} ${finding.rule} at ${finding.at}: ${finding.message}`,
    )
    .join('\n');
}
