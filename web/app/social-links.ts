export interface SocialLink {
  name: "Instagram" | "Facebook" | "X";
  href: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { name: "Instagram", href: "https://www.instagram.com/earthkind" },
  { name: "Facebook", href: "https://www.facebook.com/earthkind" },
  { name: "X", href: "https://x.com/earthkind" },
];
