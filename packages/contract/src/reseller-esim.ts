// Wire shapes of this domain (issue 6) go here.
export {};
