// Short notices at the screen's edge: what the features may use.
export { useToast } from "./toast-context.tsx";
