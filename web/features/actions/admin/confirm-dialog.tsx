// The confirmation dialog is shared by every admin screen; it lives in web/components.
export { ConfirmDialog } from "../../../components/confirm-dialog";
