import type { RouteDeprecation } from '../../routes/types.ts';
import type { PipelineMiddleware, PipelineRequest } from './internal.ts';

const utcMidnight = (day: string): Date => {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  return at;
};

/**
 * The fields a deprecated route answers with: `Deprecation` is an RFC 9745 structured field date
 * (`@<seconds since the epoch>`), `Sunset` an RFC 8594 HTTP-date, and `Link` names the notice both as
 * `rel="deprecation"` (RFC 9745) and `rel="sunset"` (RFC 8594).
 */
export function deprecationHeaders(notice: RouteDeprecation): Record<string, string> {
  const since = utcMidnight(notice.since);
  const sunset = utcMidnight(notice.sunset);
  // RFC 9745 section 2.1: the sunset cannot come before the deprecation.
  if (sunset < since) throw new Error(`Sunset ${notice.sunset} precedes deprecation ${notice.since}`);
  return {
    Deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    Sunset: sunset.toUTCString(),
    Link: `<${notice.link}>; rel="deprecation", <${notice.link}>; rel="sunset"`,
  };
}

/** Adds a field to a response's, after any value already there (a list field: `Link`). */
function withField(headers: Record<string, string | number | boolean>, name: string, value: string) {
  const existing = Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase());
  if (existing === undefined) return { ...headers, [name]: value };
  return { ...headers, [existing]: `${String(headers[existing])}, ${value}` };
}

/**
 * The deprecation fields on every answer of a deprecated route, successes and errors alike: a partner
 * whose calls fail still learns the route is going away.
 */
export function deprecation(): PipelineMiddleware {
  const deprecationAfter = ({ response, internal }: PipelineRequest): void => {
    const notice = internal.route?.deprecated;
    if (!response || !notice) return;
    let headers = response.headers ?? {};
    for (const [name, value] of Object.entries(deprecationHeaders(notice))) {
      headers = withField(headers, name, value);
    }
    response.headers = headers;
  };
  return { after: deprecationAfter, onError: deprecationAfter };
}
