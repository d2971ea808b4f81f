import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion";
import { ResourceLink, ResourceList } from "./resource-list";
import {
  ARTICLES,
  BOOKS,
  BOOKSTORE_SEARCH_URL,
  bookSearchUrl,
  CRISIS_LINES,
  RESOURCE_GROUPS,
  type ResourceGroup,
} from "./resources";

export const SUPPORT_RESOURCES_ID = "support-resources";

const [professional, ...otherGroups] = RESOURCE_GROUPS as [ResourceGroup, ...ResourceGroup[]];

/** The resources accordion (spec §2): several sections may be open at once; Radix makes it keyboard-operable. */
export function SupportResources() {
  return (
    <section
      id={SUPPORT_RESOURCES_ID}
      aria-labelledby="support-resources-title"
      className="mx-auto max-w-5xl px-4 py-20 sm:px-6 lg:px-8"
    >
      <h2 id="support-resources-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
        Support Resources
      </h2>
      <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
        People and places that can help, from crisis lines to climate-aware therapists, communities, apps and books.
      </p>
      <Accordion type="multiple" className="mt-8 rounded-[var(--radius-card)] border border-border bg-card px-6">
        <AccordionItem value={professional.id}>
          <AccordionTrigger>{professional.title}</AccordionTrigger>
          <AccordionContent>
            <p>{professional.intro}</p>
            <h4 className="mt-6 mb-3 font-sans text-base font-semibold text-forest-900">Crisis lines (free, 24/7)</h4>
            <ResourceList resources={CRISIS_LINES} />
            <h4 className="mt-8 mb-3 font-sans text-base font-semibold text-forest-900">Find a therapist</h4>
            <ResourceList resources={professional.resources} />
          </AccordionContent>
        </AccordionItem>

        {otherGroups.map((group) => (
          <AccordionItem key={group.id} value={group.id}>
            <AccordionTrigger>{group.title}</AccordionTrigger>
            <AccordionContent>
              <p className="mb-5">{group.intro}</p>
              <ResourceList resources={group.resources} />
            </AccordionContent>
          </AccordionItem>
        ))}

        <AccordionItem value="research-and-articles">
          <AccordionTrigger>Research & Articles</AccordionTrigger>
          <AccordionContent>
            <p className="mb-5">
              What researchers have learned about climate emotions, and books that many readers find steadying.
            </p>
            <ResourceList resources={ARTICLES} />
            <h4 className="mt-8 mb-3 font-sans text-base font-semibold text-forest-900">Books</h4>
            <ul className="grid gap-4">
              {BOOKS.map((book) => (
                <li key={book.title}>
                  <p>
                    <cite className="font-semibold text-forest-900 not-italic">{book.title}</cite> by {book.author}
                  </p>
                  <p className="mt-1">{book.description}</p>
                  <p className="mt-1">
                    <ResourceLink
                      href={bookSearchUrl(book.title.split(":")[0] ?? book.title)}
                    >{`Find “${book.title.split(":")[0]}” at Bookshop.org`}</ResourceLink>
                  </p>
                </li>
              ))}
            </ul>
            <p className="mt-6">
              <ResourceLink href={BOOKSTORE_SEARCH_URL}>
                Browse more books on climate anxiety at Bookshop.org
              </ResourceLink>
            </p>
          </AccordionContent>
        </AccordionItem>
      </Accordion>
    </section>
  );
}
