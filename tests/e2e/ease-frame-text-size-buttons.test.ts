import { describeEaseFrame } from './ease-frame';

// tests/e2e/ease-frame.ts, text size and safe buttons: the walk is split across files so that its
// parts run side by side (it was one of the longest browser files).
describeEaseFrame(['text size', 'safe buttons']);
