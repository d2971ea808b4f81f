import { cn } from "../lib/cn";

/** `header` follows the site header's data-solid attribute: dark while solid, light over home's hero. */
export type LogoTone = "dark" | "light" | "header";

const TONES: Record<LogoTone, { leaf: string; vein: string }> = {
  dark: { leaf: "fill-[#3d7a5a]", vein: "stroke-[#fbf8f1]" },
  light: { leaf: "fill-[#f0c46e]", vein: "stroke-[#10291e]" },
  header: {
    leaf: "fill-[#3d7a5a] group-data-[solid=false]/header:fill-[#f0c46e]",
    vein: "stroke-[#fbf8f1] group-data-[solid=false]/header:stroke-[#10291e]",
  },
};

/** The leaf mark. `dark` is for light surfaces (the solid header), `light` for dark ones (hero, footer). */
export function LeafMark({ tone = "dark", className }: { tone?: LogoTone; className?: string }) {
  const { leaf, vein } = TONES[tone];
  return (
    <svg className={className} viewBox="0 0 32 32" fill="none" aria-hidden="true">
      <path
        d="M27.2 4.3C15.6 3.6 5.4 9.3 5.4 19.6c0 2.4.6 4.5 1.6 6.2C9.4 20 13.6 15.6 19.4 12.5c-5.1 3.9-8.8 8.6-10.6 14.3 1.9 1.2 4.1 1.8 6.5 1.8 9.3 0 13.6-8.7 11.9-24.3Z"
        className={leaf}
      />
      <path d="M8.8 26.8c1.8-5.7 5.5-10.4 10.6-14.3" className={vein} strokeWidth="1.3" strokeLinecap="round" />
    </svg>
  );
}

/** Mark plus name. The mark is decorative, so a link around this is named "Earthkind". */
export function Wordmark({ tone = "dark", className }: { tone?: LogoTone; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <LeafMark tone={tone} className="size-8" />
      <span className="font-display text-[1.4rem] leading-none font-semibold tracking-tight">Earthkind</span>
    </span>
  );
}
