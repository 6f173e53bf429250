// The failures a fault test asks a started server to meet (FAULT_* variables), shared by both entries: serve.ts (tsx)
// and serve-build.mjs (the production build). Called once the server is up.
export function injectFaults() {
  if (process.env.FAULT_UNHANDLED_REJECTION) {
    setTimeout(() => void Promise.reject(new Error(process.env.FAULT_UNHANDLED_REJECTION)), 50);
  }
  if (process.env.FAULT_UNCAUGHT_EXCEPTION) {
    setTimeout(() => {
      throw new Error(process.env.FAULT_UNCAUGHT_EXCEPTION);
    }, 50);
  }
}
