/** A tiny browser stand-in: keeps cookies, sends the Origin a browser would. */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly language: "de" | "en" = "de",
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; json: any; headers: Headers }> {
    const headers: Record<string, string> = {
      origin: this.baseUrl,
      "x-app-language": this.language,
      ...extraHeaders,
    };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let payload: string | undefined;
    if (body !== undefined) {
      headers["content-type"] ??= "application/json";
      payload = typeof body === "string" ? body : JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const idx = pair.indexOf("=");
      const name = pair.slice(0, idx).trim();
      const value = pair.slice(idx + 1).trim();
      if (!value || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, undefined, headers);
  }
  post(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request("POST", path, body, headers);
  }
  delete(path: string, body?: unknown) {
    return this.request("DELETE", path, body);
  }
  /** The Cookie header this client sends (for raw fetches such as event streams). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  /** Another client holding the same cookies: what a thief who copied them would send. */
  copy(baseUrl = this.baseUrl): HttpClient {
    const other = new HttpClient(baseUrl, this.language);
    other.cookies = new Map(this.cookies);
    return other;
  }
  hasSession(): boolean {
    return [...this.cookies.keys()].some((k) => k.includes("session_token"));
  }
}
