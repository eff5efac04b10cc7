import { describeEaseFrame } from './ease-frame';

// tests/e2e/ease-frame.ts, lists on a phone: the walk is split across files so that its
// parts run side by side (it was one of the longest browser files).
describeEaseFrame(['lists on a phone']);
