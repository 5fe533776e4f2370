/** A mailto: link to `address` carrying a contact message's subject and text (RFC 6068). */
export function mailtoHref(
  address: string,
  { subject = '', message = '' }: { subject?: string | undefined; message?: string | undefined },
): string {
  const params = [
    subject ? `subject=${encodeURIComponent(subject)}` : '',
    message ? `body=${encodeURIComponent(message.replace(/\r?\n/g, '\r\n'))}` : '',
  ].filter(Boolean);
  return `mailto:${address}${params.length > 0 ? `?${params.join('&')}` : ''}`;
}
