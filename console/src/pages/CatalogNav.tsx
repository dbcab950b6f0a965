import { Link } from 'wouter-preact';
import { type CatalogKind, catalogKinds } from '../api/types.ts';
import { kindLabels } from '../catalog/kinds.ts';

export function CatalogNav({ current }: { current: CatalogKind | 'images' | 'publish' | undefined }) {
  return (
    <nav aria-label="Catalog" class="sections">
      <ul>
        {catalogKinds.map((kind) => (
          <li key={kind}>
            <Link href={`/catalog/${kind}`} aria-current={current === kind ? 'page' : undefined}>
              {kindLabels[kind].plural}
            </Link>
          </li>
        ))}
        <li>
          <Link href="/catalog/images" aria-current={current === 'images' ? 'page' : undefined}>
            Images
          </Link>
        </li>
        <li>
          <Link href="/catalog/publish" aria-current={current === 'publish' ? 'page' : undefined}>
            Draft and publish
          </Link>
        </li>
      </ul>
    </nav>
  );
}
