// Side-effect entry for `setupFiles`: registers the matchers and the conversation serializer (later issue).
export {}
