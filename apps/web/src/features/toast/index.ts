// The toast feature's public face: what other features may use.
export { useToast } from "./toast-context.tsx";
