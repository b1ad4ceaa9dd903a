/**
 * The name the kernel goes by where modules are named: its own migrations are recorded under it
 * and its SPIs are named after it (`kernel.authenticator`). No module may take it, or the kernel's
 * SPIs would look like that module's and its migration history would mix with the kernel's.
 */
export const KERNEL_ID = 'kernel';
