import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import {
  type CheckoutSession,
  checkoutSession,
  errors,
  event,
  invoice,
  nested,
  portalSession,
  type Subscription,
  stripeId,
  subscription,
} from "./fake-stripe-objects.ts";

export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  authorization: string | undefined;
}

export interface Delivery {
  eventId: string;
  type: string;
  payload: string;
  header: string;
  status: number;
  body: any;
}

/**
 * A local stand-in for api.stripe.com that the real stripe library talks to (STRIPE_API_BASE),
 * plus tiny hosted pages: a checkout page that "pays" (creates customer and subscription, sends
 * a signed checkout.session.completed to the app, then redirects to the success URL) and a
 * customer portal that cancels. Webhooks are signed with stripe.webhooks.generateTestHeaderString.
 */
export class FakeStripe {
  // Not a real key: the local fake accepts any; hyphens keep it from looking like a live secret.
  readonly secretKey = "sk_test_fake-pulsemanager-local-only";
  readonly priceId = "price_1QYtOkLk8zXb3nPqMonthly1";
  readonly webhookSecret = "whsec_fake_pulsemanager_signing_secret";
  url = "";
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, CheckoutSession>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly deliveries: Delivery[] = [];
  /** When > 0 the checkout page redirects to the success URL first and sends the webhooks this much later. */
  webhookDelayMs = 0;
  private readonly customersByEmail = new Map<string, string>();
  private webhookUrl = "";
  private clock: () => Date = () => new Date();
  private failures: Array<{ status: number; body: unknown }> = [];
  private server: Server;

  constructor() {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: Error) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: err.message } }));
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Where the signed events go, and the clock their signatures use (the app's test clock). */
  connect(appBaseUrl: string, clock: () => Date): void {
    this.webhookUrl = `${appBaseUrl}/api/billing/webhook`;
    this.clock = clock;
  }

  /** The app's settings for this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PRICE_ID: this.priceId,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_BASE: this.url,
    };
  }

  /** The next `count` subscription reads answer 500 (an outage longer than the library's retries). */
  failSubscriptionReads(count: number): void {
    this.subscriptionReadFailures = count;
  }
  private subscriptionReadFailures = 0;

  /** The next `times` API calls answer with this status and body (e.g. a 429, or a 500 beyond the retries). */
  failNext(status: number, body: unknown, times = 1): void {
    for (let i = 0; i < times; i++) this.failures.push({ status, body });
  }

  private nowSeconds(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  signatureHeader(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      timestamp: options.timestamp ?? this.nowSeconds(),
    });
  }

  /** Sends a payload to the app's webhook endpoint as Stripe would (or with a given header). */
  async post(payload: string, header: string | null): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
    if (header !== null) headers["stripe-signature"] = header;
    const res = await fetch(this.webhookUrl, { method: "POST", headers, body: payload });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body };
  }

  /** Builds, signs and delivers an event; kept in `deliveries` so a test can replay it. */
  async send(type: string, object: unknown, previous?: Record<string, unknown>): Promise<Delivery> {
    const evt = event(type, object, this.nowSeconds(), previous);
    const payload = JSON.stringify(evt, null, 2);
    const header = this.signatureHeader(payload);
    const { status, body } = await this.post(payload, header);
    const delivery = { eventId: evt.id, type, payload, header, status, body };
    this.deliveries.push(delivery);
    return delivery;
  }

  /** The customer pays: customer + active subscription, checkout.session.completed to the app. */
  async completeCheckout(sessionId: string): Promise<Delivery> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const now = this.nowSeconds();
    const email = session.customer_email ?? session.customer_details?.email ?? "customer@example.org";
    const customer = session.customer ?? this.customersByEmail.get(email) ?? stripeId("cus", 14);
    this.customersByEmail.set(email, customer);
    const sub = subscription(customer, this.priceId, session.subscriptionMetadata as Record<string, string>, now);
    this.subscriptions.set(sub.id, sub);
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      customer,
      customer_details: { email },
      subscription: sub.id,
      invoice: sub.latest_invoice,
      url: null,
    });
    const { subscriptionMetadata: _hidden, ...visible } = session;
    await this.send("customer.subscription.created", sub);
    return this.send("checkout.session.completed", visible);
  }

  /** Changes a subscription in "Stripe" and tells the app (customer.subscription.updated / .deleted). */
  async setSubscriptionStatus(subId: string, status: string): Promise<Delivery> {
    const sub = this.mustGet(subId);
    const previous = { status: sub.status };
    sub.status = status;
    if (status === "canceled") {
      sub.ended_at = this.nowSeconds();
      sub.canceled_at ??= this.nowSeconds();
      return this.send("customer.subscription.deleted", sub);
    }
    return this.send("customer.subscription.updated", sub, previous);
  }

  /** A renewal payment fails: the subscription goes past_due and invoice.payment_failed is sent. */
  async failRenewal(subId: string): Promise<Delivery> {
    const sub = this.mustGet(subId);
    sub.status = "past_due";
    return this.send("invoice.payment_failed", invoice(sub, this.nowSeconds()));
  }

  lastSession(): CheckoutSession | undefined {
    return [...this.sessions.values()].at(-1);
  }

  private mustGet(subId: string): Subscription {
    const sub = this.subscriptions.get(subId);
    if (!sub) throw new Error(`no subscription ${subId}`);
    return sub;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    const raw = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const path = url.pathname;
    this.requests.push({ method: req.method ?? "GET", path, form, authorization: req.headers.authorization });
    if (path.startsWith("/v1/")) return this.api(req.method ?? "GET", path, form, req, res);

    const pay = /^\/c\/pay\/([\w-]+)$/.exec(path);
    if (pay?.[1]) {
      const session = this.sessions.get(pay[1]);
      if (!session) return html(res, 404, "<h1>Checkout session not found</h1>");
      if (req.method === "POST") {
        if (this.webhookDelayMs > 0) {
          // Real Stripe often redirects before the webhook has arrived.
          setTimeout(() => void this.completeCheckout(session.id).catch(() => undefined), this.webhookDelayMs);
        } else {
          await this.completeCheckout(session.id);
        }
        return redirect(res, session.success_url);
      }
      return html(res, 200, checkoutPage(session));
    }
    const portal = /^\/p\/session\/([\w-]+)$/.exec(path);
    if (portal?.[1]) {
      const ps = this.portals.get(portal[1]);
      if (!ps) return html(res, 404, "<h1>Portal session not found</h1>");
      const sub = [...this.subscriptions.values()].find((s) => s.customer === ps.customer && s.status !== "canceled");
      if (req.method === "POST" && sub) {
        const previous = { cancel_at_period_end: false, cancel_at: null, canceled_at: null };
        const end = sub.items.data[0]?.current_period_end ?? this.nowSeconds();
        Object.assign(sub, { cancel_at_period_end: true, cancel_at: end, canceled_at: this.nowSeconds() });
        await this.send("customer.subscription.updated", sub, previous);
        return redirect(res, ps.return_url);
      }
      return html(res, 200, portalPage(ps.return_url, sub));
    }
    return html(res, 404, "<h1>Not found</h1>");
  }

  private readonly portals = new Map<string, ReturnType<typeof portalSession>>();

  private api(method: string, path: string, form: Record<string, string>, req: IncomingMessage, res: ServerResponse) {
    const auth = req.headers.authorization ?? "";
    const key = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    if (key !== this.secretKey) return json(res, 401, errors.wrongKey(key || "none"));
    const failure = this.failures.shift();
    if (failure) return json(res, failure.status, failure.body);
    const now = this.nowSeconds();
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const price = form["line_items[0][price]"] ?? "";
      if (price !== this.priceId) return json(res, 400, errors.noSuchPrice(price));
      const session = checkoutSession(form, now, (id) => `${this.url}/c/pay/${id}`);
      Object.defineProperty(session, "subscriptionMetadata", {
        value: nested(form, "subscription_data[metadata]"),
        enumerable: false,
        writable: true,
      });
      this.sessions.set(session.id, session);
      return json(res, 200, session);
    }
    const subMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (subMatch?.[1] && method === "GET" && this.subscriptionReadFailures > 0) {
      this.subscriptionReadFailures--;
      return json(res, 500, { error: { type: "api_error", message: "An unknown error occurred" } });
    }
    if (subMatch?.[1]) {
      const sub = this.subscriptions.get(subMatch[1]);
      if (!sub) return json(res, 404, errors.noSuch("subscription", subMatch[1]));
      if (method === "DELETE") {
        Object.assign(sub, { status: "canceled", canceled_at: now, ended_at: now });
      }
      return json(res, 200, sub);
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = form.customer ?? "";
      if (![...this.subscriptions.values()].some((s) => s.customer === customer)) {
        return json(res, 400, errors.noSuch("customer", customer));
      }
      const ps = portalSession(customer, form.return_url ?? "", now, (id) => `${this.url}/p/session/${id}`);
      this.portals.set(ps.id, ps);
      return json(res, 200, ps);
    }
    return json(res, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` },
    });
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json", "request-id": stripeId("req", 14) });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Fake Stripe</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}
button{background:#635bff;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;font-size:1rem;width:100%;cursor:pointer}
.muted{color:#697386}a{color:#635bff}</style></head><body>${body}</body></html>`);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function checkoutPage(session: CheckoutSession): string {
  const email = session.customer_email ?? session.customer_details?.email ?? "";
  return `<p class="muted">Fake Stripe Checkout (test mode)</p>
<h1>PulseManager Premium</h1>
<p><strong>9,99 €</strong> per month</p>
<p class="muted">${escapeHtml(email)}</p>
<form method="post"><button type="submit">Pay and subscribe</button></form>
<p><a href="${escapeHtml(session.cancel_url)}">Back to PulseManager</a></p>`;
}

function portalPage(returnUrl: string, sub: Subscription | undefined): string {
  const action = sub
    ? `<p>Subscription ${escapeHtml(sub.id)}: ${escapeHtml(sub.status)}${sub.cancel_at_period_end ? " (ends at period end)" : ""}</p>
<form method="post"><button type="submit">Cancel subscription</button></form>`
    : "<p>No active subscription.</p>";
  return `<p class="muted">Fake Stripe customer portal (test mode)</p><h1>Manage subscription</h1>${action}
<p><a href="${escapeHtml(returnUrl)}">Return to PulseManager</a></p>`;
}
