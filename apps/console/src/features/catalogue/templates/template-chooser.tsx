import { AppstoreAddOutlined, CreditCardOutlined, CustomerServiceOutlined, FileAddOutlined, GiftOutlined, ThunderboltOutlined, WifiOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_KINDS, type TemplateChoice } from './product-templates';

const ICONS: Record<TemplateChoice, ReactNode> = {
  esim: <WifiOutlined />,
  sim: <CreditCardOutlined />,
  recharge: <ThunderboltOutlined />,
  ecode: <GiftOutlined />,
  service: <CustomerServiceOutlined />,
  blank: <FileAddOutlined />,
};

/**
 * The first step of a new product: what is sold. Each choice is a plain button (Tab moves
 * between them, Enter or Space chooses), the first one focused so a keyboard user starts there.
 */
export function TemplateChooser({ onChoose }: { onChoose: (choice: TemplateChoice) => void }) {
  const { t } = useTranslation();
  const choices: TemplateChoice[] = [...TEMPLATE_KINDS, 'blank'];
  return (
    <section aria-labelledby="template-chooser-title">
      <Typography.Title level={2} id="template-chooser-title" style={{ fontSize: 18 }}>
        <AppstoreAddOutlined /> {t('catalogue.template.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('catalogue.template.help')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {choices.map((choice, i) => (
          <Col key={choice} xs={24} md={12} xl={8}>
            <Button block autoFocus={i === 0} data-template={choice} onClick={() => onChoose(choice)} style={{ height: '100%', padding: 16, whiteSpace: 'normal', textAlign: 'start', justifyContent: 'flex-start' }}>
              <Flex gap={12} align="flex-start">
                <span style={{ fontSize: 24 }} aria-hidden>
                  {ICONS[choice]}
                </span>
                <Flex vertical gap={4}>
                  <Typography.Text strong>{t(`catalogue.template.${choice}`)}</Typography.Text>
                  <Typography.Text type="secondary">{t(`catalogue.template.${choice}.help`)}</Typography.Text>
                </Flex>
              </Flex>
            </Button>
          </Col>
        ))}
      </Row>
    </section>
  );
}
