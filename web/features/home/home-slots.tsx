/**
 * The home page's blocks that other features build (composed here, per the conventions). Each slot
 * renders nothing until its feature is merged; the lead replaces the body with the component:
 *   WeeklyActionSlot → actions:     web/features/actions/current-action-card.tsx
 *   EventsTeaserSlot → events:      web/features/events/events-teaser.tsx
 *   SignupSlot       → subscribers: web/features/subscribers/signup-section.tsx
 */

export function WeeklyActionSlot() {
  return null;
}

export function EventsTeaserSlot() {
  return null;
}

export function SignupSlot() {
  return null;
}
