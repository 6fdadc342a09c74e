// Shared with the other public screens (sign-up, opt-in).
export { AuthCard } from '../../components/blank-layout'
