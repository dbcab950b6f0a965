import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';

/**
 * Stack traces from a deployed bundle name the TypeScript file, line and function, mapped on demand:
 * a bundle file's source map is read and parsed the first time a stack through that file is formatted
 * (an error being logged), with Node's own `SourceMap`. Node's `--enable-source-maps` would read and
 * parse every map while the bundle loads, 22-32 ms of every cold start for our 1.3-1.6 MB maps, and the
 * source-map-support package cost about 5 ms of parse at every cold start (docs/bench.md).
 * ApiFunction injects this module into every bundle; the local stage runs the sources through tsx,
 * which maps them itself.
 */

/** Per bundle file (index.mjs or a chunk): its parsed map, or null when it has none. */
const sourceMaps = new Map<string, SourceMap | null>();

function sourceMapOf(fileUrl: string): SourceMap | null {
  let map = sourceMaps.get(fileUrl);
  if (map === undefined) {
    map = null;
    try {
      const mapUrl = new URL(`${fileUrl}.map`);
      const payload = JSON.parse(readFileSync(mapUrl, 'utf8')) as SourceMapPayload;
      // The map names sources relative to itself; a stack names them as absolute file URLs.
      const sources = payload.sources.map((source) => new URL(source, mapUrl).href);
      map = new SourceMap({ ...payload, sources });
    } catch {
      // No readable map: the frame stays as V8 printed it.
    }
    sourceMaps.set(fileUrl, map);
  }
  return map;
}

/** A mapping as Node answers it: empty where nothing maps, and with the original `name` where one is. */
type Mapping = Partial<SourceMapping> & { name?: string };

/** What a 1-based position of a bundle file maps to. */
function mappingAt(fileUrl: string | null, line: number | null, column: number | null): Mapping {
  if (!fileUrl?.startsWith('file://') || line === null || column === null) return {};
  return sourceMapOf(fileUrl)?.findEntry(line - 1, column - 1) ?? {};
}

/**
 * The original name of the function a frame is in. A minified function's own name is mangled, so as
 * Node does: the name mapped at the enclosing function's start, else the one mapped at the call in the
 * caller's frame (in the caller's file, which for a chunk is another bundle file).
 */
function originalFunctionName(sites: readonly NodeJS.CallSite[], index: number): string {
  const site = sites[index] as NodeJS.CallSite;
  const caller = sites[index + 1];
  return (
    mappingAt(site.getFileName() ?? null, site.getEnclosingLineNumber(), site.getEnclosingColumnNumber())
      .name ??
    (caller &&
      mappingAt(caller.getFileName() ?? null, caller.getLineNumber(), caller.getColumnNumber()).name) ??
    site.getFunctionName() ??
    ''
  );
}

function frame(sites: readonly NodeJS.CallSite[], index: number): string {
  const site = sites[index] as NodeJS.CallSite;
  const { originalSource, originalLine, originalColumn } = mappingAt(
    site.getFileName() ?? null,
    site.getLineNumber(),
    site.getColumnNumber(),
  );
  if (originalSource === undefined || originalLine === undefined || originalColumn === undefined) {
    return site.toString();
  }
  const location = `${originalSource}:${originalLine + 1}:${originalColumn + 1}`;
  const name = originalFunctionName(sites, index);
  const prefix = `${site.isAsync() ? 'async ' : ''}${site.isConstructor() ? 'new ' : ''}`;
  return name ? `${prefix}${name} (${location})` : `${prefix}${location}`;
}

function header(error: unknown): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}

Error.prepareStackTrace = (error, sites) => {
  let stack = header(error);
  for (let index = 0; index < sites.length; index += 1) {
    let text: string;
    try {
      text = frame(sites, index);
    } catch {
      text = String(sites[index]);
    }
    stack += `\n    at ${text}`;
  }
  return stack;
};
