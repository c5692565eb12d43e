import { dialogOnDemand } from "../../components/dialog-on-demand.tsx";

/** The privacy policy or the terms over the dashboard (./legal-overlay-dialog.tsx, loaded when it first opens). */
export const LegalOverlay = dialogOnDemand(async () => (await import("./legal-overlay-dialog.tsx")).LegalOverlayDialog);
