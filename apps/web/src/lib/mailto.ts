/** A mailto: link with an encoded subject and optional body. */
export function mailtoUrl(to: string, subject: string, body?: string): string {
  const params = [`subject=${encodeURIComponent(subject)}`];
  if (body) params.push(`body=${encodeURIComponent(body)}`);
  return `mailto:${encodeURIComponent(to).replace(/%40/g, "@")}?${params.join("&")}`;
}
