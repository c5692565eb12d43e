import { FakeStripe } from "./fake-stripe.ts";
import { startTestServer, type TestServer, type TestServerOptions } from "./test-server.ts";

export interface BillingTestServer extends TestServer {
  stripe: FakeStripe;
}

/** The app in the commercial edition, talking to a local fake Stripe that signs its webhooks. */
export async function startBillingServer(options: TestServerOptions = {}): Promise<BillingTestServer> {
  const stripe = new FakeStripe();
  await stripe.start();
  const t = await startTestServer({ ...options, env: { ...stripe.env(), ...options.env } });
  stripe.connect(t.baseUrl, t.clock.now);
  return {
    ...t,
    stripe,
    async close() {
      await t.close();
      await stripe.stop();
    },
  };
}
