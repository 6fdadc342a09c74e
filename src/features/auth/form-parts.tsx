// The form parts are shared by every screen with a form; auth screens keep importing them here.
export { FormAlert, TextField, TextLink } from '../../components/form-fields'
