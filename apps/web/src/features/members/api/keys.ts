/** Query keys of the members feature: a store's people and its open invitations. */
export const memberKeys = {
  all: (urlName: string) => ['members', urlName] as const,
  members: (urlName: string) => ['members', urlName, 'list'] as const,
  invitations: (urlName: string) => ['members', urlName, 'invitations'] as const,
};

export const membersPath = (urlName: string) => `/api/secure/virtual-store/${encodeURIComponent(urlName)}/member`;
