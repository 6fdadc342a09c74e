// Form dialogs apart from the other parts: a screen that opens none does not load the dialog
// machinery (ConfirmDialog, in the index, loads it when it first opens).
export { DialogActions, DialogForm, DialogShell } from './dialog-form'
