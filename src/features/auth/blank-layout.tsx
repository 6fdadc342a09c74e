// Shared with the other public screens (sign-up, opt-in).
export { BlankLayout } from '../../components/blank-layout'
