/**
 * The movers among the user's tokens: asked again after his wallets change (his holdings did). In a
 * file of its own: the wallet calls every signed-in page loads need the key, not the market schemas.
 */
export const HELD_MOVERS_QUERY_KEY = ["market", "held-movers"] as const;
