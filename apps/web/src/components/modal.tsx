import { dialogOnDemand } from "./dialog-on-demand.tsx";

/**
 * A centred dialog: focus trapped, Escape and a click on the backdrop close it, body scrolling is
 * locked while open (./modal-dialog.tsx, loaded when it first opens).
 */
export const Modal = dialogOnDemand(async () => (await import("./modal-dialog.tsx")).ModalDialog);
