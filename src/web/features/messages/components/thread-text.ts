// Small wordings shared by the list and the thread pane.

export const participantCountLabel = (count: number): string => `${count} participant${count === 1 ? '' : 's'}`;
