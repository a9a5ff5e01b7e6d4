/** Removing or disabling members publishes this topic; every process forgets who it had seen. */
export const MEMBERS_TOPIC = 'members';
