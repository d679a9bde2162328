/** Cases per property: the full count in CI (CI=true, never below 3000), fewer in the change-test loop. */
export const propertyRuns = process.env.CI ? 3000 : 200;
