import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion";
import { useT } from "../../lib/i18n";
import { ResourceLink, ResourceList } from "./resource-list";
import { articles, BOOKSTORE_SEARCH_URL, bookSearchUrl, books, crisisLines, resourceGroups } from "./resources";

export const SUPPORT_RESOURCES_ID = "support-resources";

/** The resources accordion (spec §2): several sections may be open at once; Radix makes it keyboard-operable. */
export function SupportResources() {
  const { t, locale } = useT();
  const [professional, ...otherGroups] = resourceGroups(t);
  // Book titles are the books' own, in English.
  const titleLang = locale !== "en" ? "en" : undefined;
  return (
    <section
      id={SUPPORT_RESOURCES_ID}
      aria-labelledby="support-resources-title"
      className="mx-auto max-w-5xl px-4 py-20 sm:px-6 lg:px-8"
    >
      <h2 id="support-resources-title" className="text-3xl font-semibold text-forest-900 sm:text-4xl">
        {t("support.resources.title")}
      </h2>
      <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{t("support.resources.lead")}</p>
      <Accordion type="multiple" className="mt-8 rounded-[var(--radius-card)] border border-border bg-card px-6">
        <AccordionItem value={professional.id}>
          <AccordionTrigger>{professional.title}</AccordionTrigger>
          <AccordionContent>
            <p>{professional.intro}</p>
            <h4 className="mt-6 mb-3 font-sans text-base font-semibold text-forest-900">
              {t("support.resources.crisisLines")}
            </h4>
            <ResourceList resources={crisisLines(t)} />
            <h4 className="mt-8 mb-3 font-sans text-base font-semibold text-forest-900">
              {t("support.resources.findTherapist")}
            </h4>
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
          <AccordionTrigger>{t("support.research.title")}</AccordionTrigger>
          <AccordionContent>
            <p className="mb-5">{t("support.research.intro")}</p>
            <ResourceList resources={articles(t)} />
            <h4 className="mt-8 mb-3 font-sans text-base font-semibold text-forest-900">
              {t("support.research.books")}
            </h4>
            <ul className="grid gap-4">
              {books(t).map((book) => (
                <li key={book.title}>
                  <p>
                    <cite lang={titleLang} className="font-semibold text-forest-900 not-italic">
                      {book.title}
                    </cite>{" "}
                    {book.author}
                  </p>
                  <p className="mt-1">{book.description}</p>
                  <p className="mt-1">
                    <ResourceLink href={bookSearchUrl(book.title.split(":")[0] ?? book.title)}>
                      {t("support.research.findBook", { title: book.title.split(":")[0] ?? book.title })}
                    </ResourceLink>
                  </p>
                </li>
              ))}
            </ul>
            <p className="mt-6">
              <ResourceLink href={BOOKSTORE_SEARCH_URL}>{t("support.research.browseBooks")}</ResourceLink>
            </p>
          </AccordionContent>
        </AccordionItem>
      </Accordion>
    </section>
  );
}
