/**
 * What every e-mail carries besides its own words (decision 0027): the firm's name, the points
 * name and a link into the portal. The outbox keeps each message's own plain text; the
 * dispatcher frames it at delivery as a text part and an HTML part.
 */
export interface MailFrame {
  /** The firm's name (the `clientTitle` setting). */
  firmName: string;
  /** What the programme calls its points (the `pointsName` setting). */
  pointsName: string;
  /** The portal's address (PUBLIC_URL). */
  portalUrl: string;
}

export interface FramedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/**
 * One line of plain text as HTML: escaped, with the portal's own addresses as links. Other
 * addresses stay text: a message a colleague typed (quoted in recognition e-mails) must not
 * become a link under the firm's name.
 */
function lineHtml(line: string, portal: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    if (url !== portal && !url.startsWith(`${portal}/`) && !url.startsWith(`${portal}?`)) continue;
    const at = match.index;
    html += escapeHtml(line.slice(last, at));
    html += `<a href="${escapeHtml(url)}" style="color:#1c5d99">${escapeHtml(url)}</a>`;
    last = at + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** Paragraphs (blank-line separated) become <p>; a paragraph in double quotes is a quotation. */
function bodyHtml(text: string, portal: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => {
      const lines = para
        .split('\n')
        .map((line) => lineHtml(line, portal))
        .join('<br>');
      const quoted = /^".*"$/s.test(para.trim());
      return quoted
        ? `<blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid #1c5d99;background:#f1f5fa;font-style:italic">${lines}</blockquote>`
        : `<p style="margin:0 0 16px">${lines}</p>`;
    })
    .join('\n');
}

/** The footer line both parts end with. */
const footerText = (f: MailFrame) =>
  `${f.firmName} recognition programme. Your recognition and ${f.pointsName}: ${f.portalUrl}`;

/** Frames one outbox message as the text and HTML parts that go out. */
export function frameMail(mail: { subject: string; text: string }, frame: MailFrame): FramedMail {
  const portal = frame.portalUrl.replace(/\/$/, '');
  const f = { ...frame, portalUrl: portal };
  const text = `${mail.text.trimEnd()}\n\n-- \n${footerText(f)}\n`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(mail.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#eef1f5;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eef1f5">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="background:#1c5d99;color:#ffffff;padding:16px 24px;border-radius:8px 8px 0 0;font-size:20px;font-weight:bold">${escapeHtml(f.firmName)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
${bodyHtml(mail.text.trimEnd(), portal)}
<p style="margin:24px 0 0"><a href="${escapeHtml(portal)}" style="display:inline-block;background:#1c5d99;color:#ffffff;padding:10px 20px;border-radius:4px;text-decoration:none;font-weight:bold">Open ${escapeHtml(f.firmName)} recognition</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #d9dee5;font-size:13px;color:#52606d">${lineHtml(footerText(f), portal)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: mail.subject, text, html };
}
