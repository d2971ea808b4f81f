// The field wrapper is shared by every admin form; it lives in web/components.
export { FormField } from "../../../components/form-field";
