import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, type ComponentType } from 'react';
import { closeAllModals, closeModal, modalStore, type ModalName, type ModalProps } from '../lib/modals.ts';
import { useStore } from '../lib/store.ts';
import { lazyPanel } from '../ui/lazy-panel.tsx';
// in the entry already: the prompt that opens it watches every page
import { OrderConfirmationModal } from '../features/checkout/waiting-orders-prompt.tsx';

type Registered = { [N in ModalName]?: ComponentType<ModalProps<N>> };

// Each modal's code loads with its first opening (src/ui/lazy-panel.tsx); the service worker precaches the chunks.
const storyModals = () => import('../features/content/story-modal.tsx');
const preferenceModals = () => import('../features/account/preference-modals.tsx');

/**
 * Spec 001 §2 "Modals that can be opened by name": the component each name draws (docs/shell-and-stores.md "Named
 * modals"); `store-pickup` has none, as store pickup is a choice in the shipping step.
 */
const MODALS: Registered = {
  'review': lazyPanel(() => import('../features/product/product-reviews.tsx').then((m) => m.ReviewModal)),
  'tex-tracer': lazyPanel(() => import('../features/product/tex-tracer.tsx').then((m) => m.TexTracerModal)),
  'authentication': lazyPanel(() => import('../features/account/login-modal.tsx').then((m) => m.AuthenticationModal)),
  'size-guide': lazyPanel(() => import('../features/product/size-guide-modal.tsx').then((m) => m.SizeGuideModal)),
  'terms': lazyPanel(() => storyModals().then((m) => m.TermsModal)),
  'privacy': lazyPanel(() => storyModals().then((m) => m.PrivacyModal)),
  'feature-not-implemented': lazyPanel(() =>
    import('../features/shell/feature-not-implemented.tsx').then((m) => m.FeatureNotImplementedModal),
  ),
  'language-switcher': lazyPanel(() =>
    import('../features/shell/language-switcher.tsx').then((m) => m.LanguageSwitcherModal),
  ),
  'order-confirmation': OrderConfirmationModal,
  'newsletter': lazyPanel(() => import('../features/newsletter/newsletter-modal.tsx').then((m) => m.NewsletterModal)),
  'service-points': lazyPanel(() =>
    import('../features/checkout/parcel-shop-picker.tsx').then((m) => m.ServicePointsModal),
  ),
  'store-select': lazyPanel(() => preferenceModals().then((m) => m.StoreSelectModal)),
  'brand-select': lazyPanel(() => preferenceModals().then((m) => m.BrandSelectModal)),
};

/**
 * The bottom sheet's modals (spec 001 §2 "the sheet currently holds one modal, customer-service links"): mounted from
 * their first opening on, so they animate shut.
 */
const SHEETS: Registered = {
  'customer-service': lazyPanel(() => import('../features/shell/service-sheet.tsx').then((m) => m.ServiceSheet)),
};

/** The modal that is not a page's: the question about orders placed offline is asked on every page (its prompt). */
const KEPT_ON_PAGE_CHANGE: ModalName[] = ['order-confirmation'];

/**
 * The one place the named modals are drawn, in every layout (the checkout's minimal one too). An open modal closes
 * when the page changes (its payload belongs to the page that opened it), but for the ones kept above.
 */
export function ModalHost() {
  const { active, loaded } = useStore(modalStore);
  const pathname = useLocation({ select: (l) => l.pathname });
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    closeAllModals(KEPT_ON_PAGE_CHANGE);
  }, [pathname]);
  return (
    <>
      {loaded.map((name) => {
        const Sheet = SHEETS[name] as ComponentType<ModalProps<ModalName>> | undefined;
        if (!Sheet) return null;
        const opened = active.find((m) => m.name === name);
        return <Sheet key={name} open={!!opened} payload={opened?.payload} onClose={() => closeModal(name)} />;
      })}
      {active.map(({ name, payload, id }) => {
        const Drawn = MODALS[name] as ComponentType<ModalProps<ModalName>> | undefined;
        return Drawn ? <Drawn key={id} open payload={payload} onClose={() => closeModal(name)} /> : null;
      })}
    </>
  );
}
