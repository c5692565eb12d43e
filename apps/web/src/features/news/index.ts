// The news feature's public face: what other features may use.
export { NewsFeed } from "./news-feed.tsx";
