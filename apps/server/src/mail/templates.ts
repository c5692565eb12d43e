export type MailLanguage = "de" | "en";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

interface Block {
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string[];
}

function render(subject: string, block: Block): RenderedMail {
  const text = [
    block.greeting,
    "",
    ...block.paragraphs.flatMap((p) => [p, ""]),
    ...(block.action ? [`${block.action.label}: ${block.action.url}`, ""] : []),
    ...block.footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;background:#f6f7f9;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e2e5eb;border-radius:8px;padding:24px">
<p style="font-weight:bold;font-size:18px;margin:0 0 16px">PulseManager</p>
<p>${escapeHtml(block.greeting)}</p>
${block.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${
  block.action
    ? `<p><a href="${escapeHtml(block.action.url)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(block.action.label)}</a></p>
<p style="font-size:12px;color:#5b6475">${escapeHtml(block.action.url)}</p>`
    : ""
}
${block.footer.map((p) => `<p style="font-size:12px;color:#5b6475">${escapeHtml(p)}</p>`).join("\n")}
</div></body></html>`;
  return { subject, text, html };
}

const footer: Record<MailLanguage, string[]> = {
  de: [
    "PulseManager fragt niemals nach privaten Schlüsseln oder Seed-Phrasen.",
    "Du hast diese E-Mail nicht angefordert? Dann kannst du sie ignorieren.",
  ],
  en: [
    "PulseManager never asks for private keys or seed phrases.",
    "Didn't request this e-mail? You can safely ignore it.",
  ],
};

export function confirmationMail(lang: MailLanguage, url: string): RenderedMail {
  return lang === "en"
    ? render("Confirm your e-mail address for PulseManager", {
        greeting: "Hello,",
        paragraphs: [
          "Thanks for registering with PulseManager. Please confirm your e-mail address.",
          "Your 3-day trial starts as soon as you confirm. The link is valid for 24 hours.",
        ],
        action: { label: "Confirm e-mail address", url },
        footer: footer.en,
      })
    : render("Bestätige deine E-Mail-Adresse für PulseManager", {
        greeting: "Hallo,",
        paragraphs: [
          "danke für deine Registrierung bei PulseManager. Bitte bestätige deine E-Mail-Adresse.",
          "Deine 3-tägige Testphase beginnt, sobald du bestätigt hast. Der Link ist 24 Stunden gültig.",
        ],
        action: { label: "E-Mail-Adresse bestätigen", url },
        footer: footer.de,
      });
}

export function passwordResetMail(lang: MailLanguage, url: string): RenderedMail {
  return lang === "en"
    ? render("Reset your PulseManager password", {
        greeting: "Hello,",
        paragraphs: [
          "Someone asked to reset the password of your PulseManager account.",
          "Use the link below to choose a new password. It is valid for 1 hour.",
        ],
        action: { label: "Choose a new password", url },
        footer: footer.en,
      })
    : render("Setze dein PulseManager-Passwort zurück", {
        greeting: "Hallo,",
        paragraphs: [
          "für dein PulseManager-Konto wurde das Zurücksetzen des Passworts angefordert.",
          "Über den folgenden Link kannst du ein neues Passwort wählen. Er ist 1 Stunde gültig.",
        ],
        action: { label: "Neues Passwort wählen", url },
        footer: footer.de,
      });
}

export function existingAccountMail(lang: MailLanguage, loginUrl: string): RenderedMail {
  return lang === "en"
    ? render("Registration attempt with your e-mail address", {
        greeting: "Hello,",
        paragraphs: [
          "Someone tried to register a new PulseManager account with your e-mail address. You already have an account.",
          "If that was you, just log in. Forgot your password? Use 'Forgot password?' on the login page.",
        ],
        action: { label: "Log in", url: loginUrl },
        footer: footer.en,
      })
    : render("Registrierungsversuch mit deiner E-Mail-Adresse", {
        greeting: "Hallo,",
        paragraphs: [
          "jemand hat versucht, mit deiner E-Mail-Adresse ein neues PulseManager-Konto anzulegen. Du hast bereits ein Konto.",
          "Warst du das, melde dich einfach an. Passwort vergessen? Nutze „Passwort vergessen?“ auf der Anmeldeseite.",
        ],
        action: { label: "Anmelden", url: loginUrl },
        footer: footer.de,
      });
}
