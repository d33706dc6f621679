/** A plain confirmation; the browser's own dialog is clear, accessible and costs no code. */
export const modals = {
  confirm: (message: string): boolean => window.confirm(message),
};
