import QRCode from 'qrcode';

const svgNamespace = 'http://www.w3.org/2000/svg';

/**
 * The activation code's QR code (error correction M, as the API renders it) as SVG elements built in
 * the DOM: no markup string, so the strict CSP needs no exception.
 */
export function qrSvg(text: string, label: string): SVGSVGElement {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const margin = 2;
  const size = modules.size + margin * 2;
  const svg = document.createElementNS(svgNamespace, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  const background = document.createElementNS(svgNamespace, 'rect');
  background.setAttribute('width', String(size));
  background.setAttribute('height', String(size));
  background.setAttribute('fill', '#ffffff');
  svg.append(background);
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column + margin} ${row + margin}h1v1h-1z`;
    }
  }
  const dark = document.createElementNS(svgNamespace, 'path');
  dark.setAttribute('d', path);
  dark.setAttribute('fill', '#000000');
  svg.append(dark);
  return svg;
}
