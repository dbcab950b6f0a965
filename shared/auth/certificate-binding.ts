import type { ClientCertificate } from './principal.ts';

/**
 * Certificate binding (docs/accounts.md): a partner call's client certificate must be one the
 * service's partner CA issued to the token's account. API Gateway hands over the subject and issuer as
 * distinguished-name strings; they are parsed and compared attribute by attribute, never searched
 * with a pattern, so `CN=<other>,OU=<account id>` or a look-alike CA cannot pass. A few lines of
 * RFC 4514 parsing keep an X.509 library (and its cold start) off every request.
 */

/** One attribute of a name, the type upper-cased (`CN`), the value unescaped. */
type Attribute = `${string}=${string}`;

/** Splits on `separator` where it is not escaped with a backslash or inside double quotes. */
function splitUnescaped(text: string, separator: ',' | '+'): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '\\' && index + 1 < text.length) {
      current += char + (text[index + 1] as string);
      index++;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

function unescapeValue(value: string): string {
  const trimmed = value.trim();
  const unquoted = trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  return unquoted.replace(/\\([0-9a-fA-F]{2}|.)/g, (_, escaped: string) =>
    escaped.length === 2 ? String.fromCharCode(Number.parseInt(escaped, 16)) : escaped,
  );
}

/**
 * The attributes of an RFC 4514 / RFC 2253 name, sorted, so the RDN order (which differs between
 * API Gateway, OpenSSL and Node) does not matter; undefined when the text is not a name.
 */
export function parseDistinguishedName(name: string): Attribute[] | undefined {
  if (name.trim() === '') return undefined;
  const attributes: Attribute[] = [];
  for (const rdn of splitUnescaped(name, ',')) {
    for (const ava of splitUnescaped(rdn, '+')) {
      const equals = ava.indexOf('=');
      if (equals <= 0) return undefined;
      const type = ava.slice(0, equals).trim().toUpperCase();
      if (!/^[A-Z][A-Z0-9-]*$|^\d+(\.\d+)*$/.test(type)) return undefined;
      attributes.push(`${type}=${unescapeValue(ava.slice(equals + 1))}`);
    }
  }
  return attributes.sort();
}

/** True when both are names and hold exactly the same attributes. */
export function sameDistinguishedName(left: string, right: string): boolean {
  const a = parseDistinguishedName(left);
  const b = parseDistinguishedName(right);
  return a !== undefined && b !== undefined && a.length === b.length && a.every((value, i) => value === b[i]);
}

/** The subject the partner CA writes into every partner certificate (shared/pki/certificates.ts). */
export function partnerCertificateSubject(accountId: string): string {
  return `CN=${accountId}, OU=Partners, O=Partner Travel Services`;
}

export type CertificateMismatch = 'certificate_issuer_mismatch' | 'certificate_account_mismatch';

/**
 * Why the certificate does not bind a call to `accountId`, or undefined when it does: its issuer must
 * be the partner CA's subject exactly, and its subject exactly the one issued to that account.
 */
export function certificateMismatch(
  certificate: ClientCertificate,
  accountId: string,
  partnerCaSubject: string,
): CertificateMismatch | undefined {
  if (!sameDistinguishedName(certificate.issuerDN, partnerCaSubject)) return 'certificate_issuer_mismatch';
  if (!sameDistinguishedName(certificate.subjectDN, partnerCertificateSubject(accountId))) {
    return 'certificate_account_mismatch';
  }
  return undefined;
}
