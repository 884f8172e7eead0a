/**
 * A double as C++ streams write it by default (`%g` with six significant digits), the way
 * MongoDB's error messages show numbers: 0.5, -1, 1.23457e+06, 1e-05, nan, inf.
 */
export function messageNumber(n: number): string {
  if (Number.isNaN(n)) return 'nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  if (n === 0) return Object.is(n, -0) ? '-0' : '0';
  const [mantissa = '0', exponentText = '0'] = n.toExponential(5).split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 6) {
    const digits = Math.abs(exponent).toString().padStart(2, '0');
    return `${trimZeros(mantissa)}e${exponent < 0 ? '-' : '+'}${digits}`;
  }
  return trimZeros(n.toFixed(5 - exponent));
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/(?<!0)0+$/, '').replace(/\.$/, '') : text;
}
