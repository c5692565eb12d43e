/**
 * Structure of the learning academy (docs/product/shell-and-pages.md): which
 * courses, topics and links exist, with their durations, levels and addresses.
 * Every visible word comes from the "academy" i18n namespace.
 *
 * No third-party player is embedded (the CSP forbids external frames): a
 * course links to its official site and to matching videos on YouTube.
 */
export type LevelId = "beginner" | "allLevels" | "advanced";
export type CourseId = "pulsechainBasics" | "hexStaking" | "pulsexTrading" | "securityBridge";
export type SectionId = "basics" | "defi" | "tangem" | "security" | "advanced";
export type ResourceId = "pulsechain" | "explorer" | "bridge" | "pulsex" | "hex" | "revoke" | "ethereumSecurity";

/** An address that may differ by UI language. */
export type Link = string | { de: string; en: string };

export function resolveLink(link: Link, language: string): string {
  if (typeof link === "string") return link;
  return language === "en" ? link.en : link.de;
}

const ETHEREUM_SECURITY_GUIDE: Link = {
  de: "https://ethereum.org/de/security/",
  en: "https://ethereum.org/en/security/",
};

const youtubeSearch = (terms: string): string =>
  `https://www.youtube.com/results?search_query=${encodeURIComponent(terms)}`;

export interface Course {
  id: CourseId;
  minutes: number;
  level: LevelId;
  /** Where "Kurs starten" leads. */
  url: Link;
  /** Where "Video ansehen" leads. */
  videoUrl: string;
}

export const COURSES: readonly Course[] = [
  {
    id: "pulsechainBasics",
    minutes: 45,
    level: "beginner",
    url: "https://pulsechain.com",
    videoUrl: youtubeSearch("PulseChain explained"),
  },
  {
    id: "hexStaking",
    minutes: 60,
    level: "allLevels",
    url: "https://hex.com",
    videoUrl: youtubeSearch("HEX staking explained"),
  },
  {
    id: "pulsexTrading",
    minutes: 30,
    level: "advanced",
    url: "https://pulsex.com",
    videoUrl: youtubeSearch("PulseX tutorial"),
  },
  {
    id: "securityBridge",
    minutes: 90,
    level: "advanced",
    url: ETHEREUM_SECURITY_GUIDE,
    videoUrl: youtubeSearch("PulseChain bridge tutorial"),
  },
];

export const SECTION_IDS: readonly SectionId[] = ["basics", "defi", "tangem", "security", "advanced"];

export const RESOURCES: ReadonlyArray<{ id: ResourceId; url: Link }> = [
  { id: "pulsechain", url: "https://pulsechain.com" },
  { id: "explorer", url: "https://scan.pulsechain.com" },
  { id: "bridge", url: "https://bridge.pulsechain.com" },
  { id: "pulsex", url: "https://pulsex.com" },
  { id: "hex", url: "https://hex.com" },
  { id: "revoke", url: "https://revoke.cash" },
  { id: "ethereumSecurity", url: ETHEREUM_SECURITY_GUIDE },
];
