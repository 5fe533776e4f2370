/**
 * Checks of Google's Product and Breadcrumb rich results, written from their documented required
 * properties (and the recommended ones the shop promises). Each returns the problems found.
 * Product snippets: name, and one of offers / review / aggregateRating; an Offer needs price (or
 * priceSpecification) and priceCurrency; availability as a schema.org URL. Breadcrumb: an
 * itemListElement of ListItems with position (1, 2, …), name, and item (a URL) except on the last.
 */
type Json = Record<string, unknown>;

const isAbsoluteUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^/]+\//.test(value);

export function checkProduct(data: Json): string[] {
  const problems: string[] = [];
  if (data['@context'] !== 'https://schema.org') problems.push('@context');
  if (data['@type'] !== 'Product') problems.push('@type');
  if (typeof data.name !== 'string' || !data.name) problems.push('name');
  if (typeof data.description !== 'string') problems.push('description');
  if (typeof data.sku !== 'string') problems.push('sku');
  const images = Array.isArray(data.image) ? data.image : [data.image];
  if (images.length === 0 || !images.every(isAbsoluteUrl)) problems.push('image');
  const offer = data.offers as Json | undefined;
  if (!offer || offer['@type'] !== 'Offer') problems.push('offers');
  else {
    if (typeof offer.price !== 'number' || offer.price < 0) problems.push('offers.price');
    if (offer.priceCurrency !== 'ILS') problems.push('offers.priceCurrency');
    if (!['https://schema.org/InStock', 'https://schema.org/OutOfStock'].includes(String(offer.availability)))
      problems.push('offers.availability');
    if (!isAbsoluteUrl(offer.url)) problems.push('offers.url');
  }
  const rating = data.aggregateRating as Json | undefined;
  if (rating !== undefined) {
    if (rating['@type'] !== 'AggregateRating') problems.push('aggregateRating.@type');
    if (typeof rating.ratingValue !== 'number') problems.push('aggregateRating.ratingValue');
    if (typeof rating.reviewCount !== 'number' || rating.reviewCount < 1) problems.push('aggregateRating.reviewCount');
  }
  return problems;
}

export function checkBreadcrumb(data: Json): string[] {
  const problems: string[] = [];
  if (data['@context'] !== 'https://schema.org') problems.push('@context');
  if (data['@type'] !== 'BreadcrumbList') problems.push('@type');
  const items = data.itemListElement;
  if (!Array.isArray(items) || items.length < 2) return [...problems, 'itemListElement'];
  items.forEach((item: Json, index) => {
    if (item['@type'] !== 'ListItem') problems.push(`${index}.@type`);
    if (item.position !== index + 1) problems.push(`${index}.position`);
    if (typeof item.name !== 'string' || !item.name) problems.push(`${index}.name`);
    if (index < items.length - 1 && !isAbsoluteUrl(item.item)) problems.push(`${index}.item`);
  });
  return problems;
}
